/** The allowed dependencies between the modules of packages/core/src (see module-dependencies.js). */
export declare const MODULE_DEPENDENCIES: Readonly<Record<string, readonly string[]>>;

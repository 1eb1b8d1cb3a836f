/** The `payments` module's public surface: other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './insert-payment.js';
export * from './payment-dto.js';
export * from './payments.js';
export * from './routes.js';

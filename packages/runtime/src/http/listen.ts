import type { Server } from 'node:net';

/** Thrown by {@link listenOn} when the port cannot be bound; its message is one line saying what to do. */
export class PortUnavailableError extends Error {
  constructor(
    message: string,
    readonly port: number,
  ) {
    super(message);
    this.name = 'PortUnavailableError';
  }
}

/**
 * `server.listen(port)` as a promise, so that a busy port is one clear error rather than an
 * unhandled `EADDRINUSE` trace.
 * @param variable the variable that sets the port (`PORT`, `OPS_PORT`), named in the error
 * @throws PortUnavailableError "port 3000 is in use; set PORT=<another port> …" (EADDRINUSE) or
 *   "port 80 needs privileges …" (EACCES); any other listen error as it is
 */
export function listenOn(server: Server, port: number, variable: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') {
        reject(
          new PortUnavailableError(`port ${port} is in use; set ${variable}=<another port>, or stop the process that listens on it`, port),
        );
      } else if (err.code === 'EACCES') {
        reject(
          new PortUnavailableError(`port ${port} needs privileges this process does not have; set ${variable}= a port above 1023`, port),
        );
      } else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port);
  });
}

// The logging the projectors need: a pino logger fits; tests pass a silent one.
export interface ProjectorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: ProjectorLog = { info() {}, warn() {}, error() {} };

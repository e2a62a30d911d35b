export type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

/** One JSON line per event on stderr. */
export function createLogger(level: Level = 'info'): Logger {
  const at = (l: Exclude<Level, 'silent'>) => (msg: string, data?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    process.stderr.write(JSON.stringify({ t: new Date().toISOString(), level: l, msg, ...data }) + '\n');
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * The server's one log. Each event is a sentence with its facts as fields:
 * `log.warn({ orderId, err }, 'Clover push failed')`.
 *
 * In production (NODE_ENV=production or DATABASE_URL set, the rule server/config.ts uses) every
 * event is one JSON line on stdout, `level` as a word and the sentence in `message`; on a local
 * run it is one readable line; LOG_FORMAT (json or pretty) chooses either anywhere. LOG_LEVEL sets the level (trace, debug, info, warn, error, fatal or
 * silent; default info); under tests (NODE_ENV=test or VITEST set) the log is silent unless
 * LOG_LEVEL asks for it. Lines are written synchronously, so none is lost when the process exits.
 */
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** A JSON line's shape: `{"level":"error",…,"message":"…"}`. */
export const JSON_LINE = {
  messageKey: 'message',
  formatters: { level: (label: string) => ({ level: label }) },
} satisfies LoggerOptions;

const LEVELS = new Set([...Object.keys(pino.levels.values), 'silent']);

export function createLogger(env: Record<string, string | undefined> = process.env): Logger {
  const production = env.NODE_ENV === 'production' || Boolean(env.DATABASE_URL);
  const testing = env.NODE_ENV === 'test' || Boolean(env.VITEST);
  const asked = env.LOG_LEVEL?.trim().toLowerCase();
  const level = asked && LEVELS.has(asked) ? asked : testing ? 'silent' : 'info';
  const json = env.LOG_FORMAT === 'json' || (production && env.LOG_FORMAT !== 'pretty');
  const logger = json
    ? pino({ ...JSON_LINE, level, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ sync: true }))
    : pino({ messageKey: 'message', level }, readableLines());
  if (asked && !LEVELS.has(asked))
    logger.warn({ LOG_LEVEL: env.LOG_LEVEL }, `LOG_LEVEL is not a level; logging at ${level}`);
  return logger;
}

/** One line per event on stdout: time, level, sentence, then the fields. */
function readableLines(): DestinationStream {
  return pretty({
    sync: true,
    singleLine: true,
    messageKey: 'message',
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

export const log: Logger = createLogger();

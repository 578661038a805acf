/**
 * A logger for one piece under test that hands each event to the test as the JSON line production
 * writes (`{"level":"info",…,"message":"sms"}`), without the time, pid and hostname.
 */
import pino from 'pino';
import { JSON_LINE, type Logger } from '../../server/logger.ts';

export function lineLogger(onLine: (line: string) => void): Logger {
  return pino(
    { ...JSON_LINE, level: 'trace', base: null, timestamp: false },
    { write: (line: string) => onLine(line.trimEnd()) },
  );
}

/** Loggers for tests: one that keeps every line (level, message and fields) and one that drops them. */
import type { Log, LogFields } from '../../lambda/log';

export interface LogLine extends LogFields {
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

export function memoryLog(): Log & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (message: string, fields: LogFields = {}) => void lines.push({ level, message, ...fields });
  return { lines, debug: at('DEBUG'), info: at('INFO'), warn: at('WARN'), error: at('ERROR') };
}

export const quietLog = (): Log => ({ debug() {}, info() {}, warn() {}, error() {} });

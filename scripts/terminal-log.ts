/**
 * The function's log as a person reads it on a terminal (npm start): one short line per request
 * (time, method, route, status, how it was answered, latency) and warnings in words. Where logs
 * are collected (not a terminal, and on AWS) the JSON lines of lambda/log.ts are written instead.
 */
import type { Log, LogFields } from '../lambda/log';

const time = () => new Date().toISOString().slice(11, 19);

function line(level: string, message: string, fields: LogFields = {}): string {
  if (message === 'request' || message.startsWith('request ')) {
    const { method, route, status, source, latencyMs, error } = fields as Record<string, unknown>;
    return `${time()} ${method} ${route} ${status} ${source === 'none' ? '' : `${source} `}${latencyMs} ms${error ? `: ${String(error)}` : ''}`;
  }
  const extra = Object.entries(fields)
    .filter(([name]) => name !== 'stack')
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${time()} ${level} ${message}${extra ? ` (${extra})` : ''}`;
}

export function terminalLog(write: (text: string) => void = (text) => process.stdout.write(text)): Log {
  return {
    debug: () => {},
    info: (message, fields) => write(`${line('INFO', message, fields)}\n`),
    warn: (message, fields) => write(`${line('WARN', message, fields)}\n`),
    error: (message, fields) => write(`${line('ERROR', message, fields)}\n`),
  };
}

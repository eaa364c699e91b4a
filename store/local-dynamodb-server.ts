/**
 * Child-process entry of the local DynamoDB server: `<port> [<data dir>]`. Reports its port to
 * the parent over IPC and exits when the parent goes away, so it never outlives it.
 */
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

const [port = '0', path = ''] = process.argv.slice(2);
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: path || undefined });
server.once('error', (error) => {
  process.send?.({ error: error.message }, () => process.exit(1));
});
server.listen(Number(port), '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
// Ctrl-C reaches the whole terminal's process group: the parent decides when this server stops.
process.on('SIGINT', () => {});

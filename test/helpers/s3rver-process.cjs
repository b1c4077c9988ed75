// Runs s3rver (an S3-compatible server) in its own plain-Node process: its Koa dependencies do not load
// under the tsx loader the tests run with. Prints the port once listening; exits with its parent.
const S3rver = require('s3rver');
const [directory] = process.argv.slice(2);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'folio' }] });
server.run().then(({ port }) => {
  process.stdout.write(`listening ${port}\n`);
});
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
process.stdin.resume();

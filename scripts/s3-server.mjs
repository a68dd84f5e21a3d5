#!/usr/bin/env node
// A real S3-compatible server for tests and local trials (s3rver: an HTTP server speaking S3 that
// keeps its objects on disk), with one empty bucket. CI starts it (.ci/run) and runs the upload tests
// against it a second time (scripts/test.sh). Usage:
//   node scripts/s3-server.mjs [--port 4569] [--bucket eventapp-test] [--dir <folder>]
// Keys: S3RVER / S3RVER (s3rver's own). Then for the server or the tests:
//   STORAGE_URL=s3://eventapp-test/prefix S3_ENDPOINT=http://127.0.0.1:4569 AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4569' },
    bucket: { type: 'string', default: 'eventapp-test' },
    dir: { type: 'string' },
  },
});
const directory = values.dir ? path.resolve(values.dir) : fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
fs.mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(values.port),
  silent: true,
  directory,
  configureBuckets: [{ name: values.bucket, configs: [] }],
});
const { address, port } = await server.run();
console.log(`s3rver listening on http://${address}:${port}, bucket ${values.bucket}, objects in ${directory}`);
const stop = () => {
  server.close().finally(() => {
    if (!values.dir) fs.rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

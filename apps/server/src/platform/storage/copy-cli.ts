// `npm run storage:copy`: copies the files of the data folder (DATA_DIR's `uploads/` and `files/`)
// into the bucket STORAGE_URL names, once, when moving a disk store to object storage
// (docs/operations.md "Object storage"). A file the bucket already holds at the same size is
// skipped, so the command can run again after an interruption; nothing is deleted from the disk.
import fs from 'node:fs';
import { loadConfig } from '../../config.ts';
import { DiskStorage } from './disk.ts';
import { describeStorage, openStorage } from './open-storage.ts';
import { validKey } from './storage.ts';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('Set STORAGE_URL=s3://bucket/prefix (and S3_ENDPOINT, the keys) to the bucket to copy into.');
  process.exit(2);
}
const from = new DiskStorage(config.dataDir);
const to = openStorage(config.storage, config.dataDir);
await to.check();
let copied = 0;
let skipped = 0;
const refused: string[] = [];
for (const folder of ['uploads/', 'files/']) {
  for await (const page of from.list(folder)) {
    const queue = [...page];
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        if (!validKey(f.key)) {
          refused.push(f.key);
          continue;
        }
        if ((await to.stat(f.key))?.size === f.size) {
          skipped++;
          continue;
        }
        await to.put(f.key, await fs.promises.readFile(`${from.root}/${f.key}`));
        copied++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
}
await to.close();
console.log(`Copied ${copied} files into ${describeStorage(config.storage)}; ${skipped} were there already.`);
if (refused.length) console.log(`Not copied (names the server never writes): ${refused.slice(0, 10).join(', ')}`);

import fs from 'node:fs';
const vars = JSON.parse(fs.readFileSync(`${process.argv[2]}/bench-vars.json`, 'utf8'));
const token = vars.membersOwnerToken;
async function hammer(url: string, seconds: number) {
  const lat: number[] = []; const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: 50 }, async () => { while (performance.now() < end) { const t = performance.now(); const r = await fetch(url, { headers: { 'access-token': token } }); await r.arrayBuffer(); lat.push(performance.now() - t); } }));
  lat.sort((a, b) => a - b);
  return `${url.slice(22)}: ${Math.round(lat.length / seconds)} rps p50 ${Math.round(lat[Math.floor(lat.length / 2)]!)} p99 ${Math.round(lat[Math.floor(lat.length * 0.99)]!)}`;
}
for (const u of process.argv.slice(3)) console.log(await hammer(`http://127.0.0.1:8213${u}`, 5));

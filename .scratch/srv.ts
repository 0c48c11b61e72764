import { serverFigures, serverTable } from '../bench/server.ts';
const trees = process.argv.slice(2).map((root, i) => ({ label: ['A', 'B', 'C'][i]! + ':' + root.split('/').pop(), root }));
const f = await serverFigures(trees, { rounds: 4, seconds: 5, log: (s) => process.stderr.write(s + '\n') });
console.log(serverTable(f).join('\n'));

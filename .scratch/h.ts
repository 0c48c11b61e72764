import { commitmentOf, keyOf } from '../src/engine/rng.ts';
const names = Array.from({ length: 13 }, (_, i) => `P${i + 1}`);
for (let w = 0; w < 2000; w++) { commitmentOf(`sim-${w}`); keyOf(`sim-${w}`, names); }
let t0 = performance.now(); for (let i = 0; i < 20000; i++) commitmentOf(`sim-${i}`); console.log('commitment', ((performance.now() - t0) * 1000 / 20000).toFixed(2), 'µs');
t0 = performance.now(); for (let i = 0; i < 20000; i++) keyOf(`sim-${i}`, names); console.log('key', ((performance.now() - t0) * 1000 / 20000).toFixed(2), 'µs');

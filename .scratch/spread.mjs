const same = new Function('a', 'b', 'return %HaveSameMap(a, b)');
let v = { a: 1, b: 'x', c: undefined, d: [], e: {} };
const maps = [v];
for (let i = 0; i < 10; i++) { v = { ...v, a: i }; maps.push(v); }
console.log('spread chain same as previous:', maps.slice(1).map((m, i) => same(m, maps[i])).join(' '));
let w = { a: 1, b: 'x', c: undefined, d: [], e: {} };
const m2 = [w];
for (let i = 0; i < 10; i++) { w = { ...w, c: i % 2 ? 'y' : undefined, a: i }; m2.push(w); }
console.log('with undefined->string flips:', m2.slice(1).map((m, i) => same(m, m2[i])).join(' '));

import { describe, expect, it } from 'vitest';
import { countPromotedBytes } from './gc-trace.ts';

const scavenge = (promoted: number) =>
  `[1:0x1]   87 ms: pause=4.8 mutator=60.6 gc=s reduce_memory=0 allocated=248568 promoted=${promoted} new_space_survived=1 nodes_promoted=2 promotion_rate=92.7%\n`;
const markCompact = '[1:0x1]  900 ms: pause=12.0 mutator=80.1 gc=ms reduce_memory=0 promoted=999999\n';

describe('countPromotedBytes', () => {
  it('adds up what scavenges promoted, however the output is cut, and ignores mark-compacts', () => {
    const counter = countPromotedBytes();
    const text = `${scavenge(1000)}ready http://127.0.0.1:1 2\n${markCompact}${scavenge(250)}${scavenge(5)}`;
    for (let at = 0; at < text.length; at += 7) counter.write(text.slice(at, at + 7));
    expect(counter.total()).toBe(1255);
  });

  it('counts a line only once it is whole', () => {
    const counter = countPromotedBytes();
    counter.write(scavenge(40).slice(0, -1));
    expect(counter.total()).toBe(0);
    counter.write('\n');
    expect(counter.total()).toBe(40);
  });
});

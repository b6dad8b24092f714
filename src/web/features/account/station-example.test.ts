import { describe, expect, it } from 'vitest';
import { stationCurl } from './station-example';

describe("a station's example call", () => {
  it('posts BirdDB.txt as text with the token, to this server', () => {
    expect(stationCurl('https://birds.example', 'sbk_abc')).toBe(
      'curl -H "Authorization: Bearer sbk_abc" -H "Content-Type: text/plain" --data-binary @BirdDB.txt "https://birds.example/api/detections/import?latitude=…&longitude=…"',
    );
  });
});

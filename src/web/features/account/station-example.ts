// What a station runs to post its detections with a token (README "Station tokens").

/**
 * The curl call that posts BirdNET-Pi's BirdDB.txt with the token. The dots stand for the
 * station's position, which a file without one needs (BirdDB.txt has it).
 */
export const stationCurl = (origin: string, token: string) =>
  `curl -H "Authorization: Bearer ${token}" -H "Content-Type: text/plain" --data-binary @BirdDB.txt "${origin}/api/detections/import?latitude=…&longitude=…"`;

const EARTH_RADIUS_KM = 6371;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in km between two points given in degrees. */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** A point as a unit vector: the great-circle test becomes a dot product (search_posts keeps x, y, z so). */
export function unitVector(lat: number, lon: number): { gx: number; gy: number; gz: number } {
  const phi = radians(lat);
  const lambda = radians(lon);
  return { gx: Math.cos(phi) * Math.cos(lambda), gy: Math.cos(phi) * Math.sin(lambda), gz: Math.sin(phi) };
}

/** The origin's unit vector and the smallest dot product of a point within `km` of it. */
export function distanceTest(lat: number, lon: number, km: number): { gx: number; gy: number; gz: number; minDot: number } {
  return { ...unitVector(lat, lon), minDot: Math.cos(km / EARTH_RADIUS_KM) };
}

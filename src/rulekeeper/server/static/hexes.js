// Hex geometry shared by the board scripts (core/hexes.py): axial (q, r), pointy-topped hexes,
// x = q + r/2, y = r·√3/2, scaled by `size` pixels per hex across the flats.

export const SQRT3 = Math.sqrt(3);

/** The centre of hex (q, r) in pixels, `size` pixels across the flats. */
export function centre(q, r, size) {
  return [size * (q + r / 2), size * ((r * SQRT3) / 2)];
}

/** The corners of a pointy-topped hex `size` across the flats around (cx, cy), as SVG points. */
export function hexPoints(cx, cy, size, scale = 1) {
  const radius = (size / SQRT3) * scale;
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (30 + 60 * i);
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

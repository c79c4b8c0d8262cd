/**
 * The built-in mask library (docs/rules.md "Masks"). It changes between releases; clients read it
 * from GET /masks. `aspect` is the ratio a shape forces, or null when the component keeps its size.
 */
export const MASK_LIBRARY_VERSION = '2026.11';

export type MaskKind = 'card' | 'token';

export interface BuiltInMask {
  key: string;
  label: string;
  aspect: string | null;
}

const shared: BuiltInMask[] = [
  { key: 'rectangle', label: 'Rectangle', aspect: null },
  { key: 'rectangle_rounded', label: 'Rounded rectangle', aspect: null },
  { key: 'square', label: 'Square', aspect: '1:1' },
  { key: 'square_rounded', label: 'Rounded square', aspect: '1:1' },
  { key: 'circle', label: 'Circle', aspect: '1:1' },
  { key: 'triangle', label: 'Triangle', aspect: null },
  { key: 'triangle_rounded', label: 'Rounded triangle', aspect: null },
  { key: 'pentagon', label: 'Pentagon', aspect: '1:1' },
  { key: 'pentagon_rounded', label: 'Rounded pentagon', aspect: '1:1' },
  { key: 'octagon', label: 'Octagon', aspect: '1:1' },
  { key: 'octagon_rounded', label: 'Rounded octagon', aspect: '1:1' },
  { key: 'star', label: 'Star', aspect: '1:1' },
  { key: 'star_rounded', label: 'Rounded star', aspect: '1:1' },
];

export const BUILT_IN_MASKS: Record<MaskKind, BuiltInMask[]> = {
  card: [
    ...shared,
    { key: 'diamond', label: 'Diamond', aspect: null },
    { key: 'diamond_rounded', label: 'Rounded diamond', aspect: null },
    { key: 'pointy', label: 'Hexagon (pointy top)', aspect: '1:1' },
    { key: 'hex_pointy_rounded', label: 'Rounded hexagon (pointy top)', aspect: '1:1' },
    { key: 'flat', label: 'Hexagon (flat top)', aspect: '1:1' },
    { key: 'hex_flat_rounded', label: 'Rounded hexagon (flat top)', aspect: '1:1' },
  ],
  token: [
    ...shared,
    { key: 'diamond_rounded', label: 'Rounded diamond', aspect: null },
    { key: 'hex_pointy', label: 'Hexagon (pointy top)', aspect: '1:1' },
    { key: 'hex_pointy_rounded', label: 'Rounded hexagon (pointy top)', aspect: '1:1' },
    { key: 'hex_flat', label: 'Hexagon (flat top)', aspect: '1:1' },
    { key: 'hex_flat_rounded', label: 'Rounded hexagon (flat top)', aspect: '1:1' },
  ],
};

export interface MaskOption {
  value: string;
  label: string;
  source: 'preset' | 'custom';
  aspect: string | null;
}

export interface CustomMaskRef {
  id: number;
  kind: MaskKind;
  name: string;
  aspect: string | null;
}

export const NO_MASK: MaskOption = { value: 'none', label: 'No mask', source: 'preset', aspect: null };

/** Every value a card's `card_mask_type` (or a token's `shape`) accepts: none, the library, then the designer's own. */
export function maskOptions(kind: MaskKind, custom: readonly CustomMaskRef[]): MaskOption[] {
  return [
    NO_MASK,
    ...BUILT_IN_MASKS[kind].map((mask): MaskOption => ({ value: `default:${mask.key}`, label: mask.label, source: 'preset', aspect: mask.aspect })),
    ...custom
      .filter((mask) => mask.kind === kind)
      .map((mask): MaskOption => ({ value: `custom:${String(mask.id)}`, label: mask.name, source: 'custom', aspect: mask.aspect })),
  ];
}

/** How custom mask names are compared: ignoring case and surrounding spaces. */
export function maskNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Resolves a written mask value to its stored (read) form: `none`, `default:{key}` (bare keys
 * accepted), `custom:{id}` of one of the designer's masks of that kind, or a custom mask's name.
 * Undefined when the value is none of these (the caller answers 422).
 */
export function resolveMask(kind: MaskKind, value: string, custom: readonly CustomMaskRef[]): string | undefined {
  const trimmed = value.trim();
  if (trimmed === 'none') return 'none';
  const key = trimmed.startsWith('default:') ? trimmed.slice('default:'.length) : trimmed;
  if (BUILT_IN_MASKS[kind].some((mask) => mask.key === key)) return `default:${key}`;
  const ofKind = custom.filter((mask) => mask.kind === kind);
  const byId = /^custom:(\d+)$/.exec(trimmed);
  if (byId) return ofKind.some((mask) => String(mask.id) === byId[1]) ? trimmed : undefined;
  const named = ofKind.find((mask) => maskNameKey(mask.name) === maskNameKey(trimmed));
  return named ? `custom:${String(named.id)}` : undefined;
}

/** The artwork-bearing fields of a component, as `asset.internalize.*` name them. */
export interface ArtworkHolder {
  id: number;
  imageUrl?: string | null;
  backImageUrl?: string | null;
  dieFaces?: string[] | null;
  spinnerSections?: Record<string, unknown>[] | null;
}

export interface ArtworkLocation {
  componentId: number;
  /** "image_url", "back_image_url", "die_faces[2]", "spinner_sections[0].image_url". */
  field: string;
  url: string;
}

/** Every artwork URL the component holds, with the field it sits in. */
export function artworkOf(component: ArtworkHolder): ArtworkLocation[] {
  const found: ArtworkLocation[] = [];
  const add = (field: string, url: unknown) => {
    if (typeof url === 'string' && url !== '') found.push({ componentId: component.id, field, url });
  };
  add('image_url', component.imageUrl);
  add('back_image_url', component.backImageUrl);
  component.dieFaces?.forEach((url, index) => {
    add(`die_faces[${String(index)}]`, url);
  });
  component.spinnerSections?.forEach((section, index) => {
    add(`spinner_sections[${String(index)}].image_url`, section.image_url);
  });
  return found;
}

/**
 * Sets the artwork at `field` to `to` if it still holds `from` (a later write wins over a late copy).
 * Returns whether it changed. Arrays are replaced, not mutated, so change tracking sees them.
 */
export function rewriteArtwork(component: ArtworkHolder, field: string, from: string, to: string): boolean {
  if (field === 'image_url' || field === 'back_image_url') {
    const property = field === 'image_url' ? 'imageUrl' : 'backImageUrl';
    if (component[property] !== from) return false;
    component[property] = to;
    return true;
  }
  const face = /^die_faces\[(\d+)\]$/.exec(field);
  if (face && component.dieFaces?.[Number(face[1])] === from) {
    component.dieFaces = component.dieFaces.map((url, index) => (index === Number(face[1]) ? to : url));
    return true;
  }
  const section = /^spinner_sections\[(\d+)\]\.image_url$/.exec(field);
  if (section && component.spinnerSections?.[Number(section[1])]?.image_url === from) {
    component.spinnerSections = component.spinnerSections.map((entry, index) => (index === Number(section[1]) ? { ...entry, image_url: to } : entry));
    return true;
  }
  return false;
}

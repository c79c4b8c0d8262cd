/** A project's stored fields, as the rules see them (the ORM entity, `store/entities/project.ts`, implements it). */
export interface ProjectRecord {
  id: number;
  designerId: number;
  name: string;
  shortDescription?: string | null;
  description?: string | null;
  isLocked: boolean;
  playerCountMin?: number | null;
  playerCountMax?: number | null;
  playtimeMinutes?: number | null;
  minAge?: number | null;
  genre?: string | null;
  theme?: string | null;
  primaryMechanic?: string | null;
  edition?: string | null;
  logoUrl?: string | null;
  backdropUrl?: string | null;
  websiteUrl?: string | null;
  catalogId?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

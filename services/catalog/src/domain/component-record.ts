/** A component's stored fields, as the rules see them (the ORM entity, `store/entities/component.ts`, implements it). */
export interface ComponentRecord {
  id: number;
  projectId: number;
  type: string;
  uniqueId: string;
  name?: string | null;
  bookName?: string | null;
  pageName?: string | null;
  quantity?: number | null;
  description?: string | null;
  notes?: string | null;
  size?: string | number | null;
  color?: string | null;
  colorBack?: string | null;
  shape?: string | null;
  cardMaskType?: string | null;
  maskImage: boolean;
  material?: string | null;
  imageUrl?: string | null;
  backImageUrl?: string | null;
  imageRotation: number;
  facing?: number | null;
  physWidthIn?: number | null;
  physHeightIn?: number | null;
  weightLbs?: number | null;
  costPerUnit?: number | null;
  sortOrder?: number | null;
  playtestScaleX?: number | null;
  playtestScaleY?: number | null;
  dieFaces?: string[] | null;
  dieFaceLabels?: string[] | null;
  diceStyle?: string | null;
  spinnerSections?: Record<string, unknown>[] | null;
  source?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

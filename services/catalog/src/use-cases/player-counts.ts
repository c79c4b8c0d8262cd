import { Problem } from '@boardsync/kit';
import { playerCountProblem, type ProjectChange } from '../domain/project-input.ts';

/** Refuses more minimum than maximum players; the error names the field the write sent (the max when only it was). */
export function playerCountsChecked(min: number | null | undefined, max: number | null | undefined, sent: ProjectChange): void {
  if (!playerCountProblem(min, max)) return;
  if (sent.player_count_min === undefined) throw Problem.validation({ player_count_max: ['must not be less than player_count_min'] });
  throw Problem.validation({ player_count_min: ['must not be greater than player_count_max'] });
}

import type { Db } from '../../platform/db';

/** Upload purpose of pass proofs (POST /api/passes/proofs). */
export const PASS_PROOF_PURPOSE = 'pass-proof';

/**
 * The files module's orphan sweep asks which uploaded proofs an application still uses; the others (uploaded but
 * never attached) are deleted a day after they arrived. Reads only this module's table.
 */
export function passProofReferences(db: Db): { purpose: string; referenced(fileIds: string[]): Promise<Set<string>> } {
  return {
    purpose: PASS_PROOF_PURPOSE,
    async referenced(fileIds) {
      const r = await db.query<{ id: string }>(
        "SELECT DISTINCT p->>'fileId' AS id FROM pass_orders o, jsonb_array_elements(o.proofs) p WHERE p->>'fileId' = ANY($1)",
        [fileIds],
      );
      return new Set(r.rows.map((x) => x.id));
    },
  };
}

/**
 * Written into an owner's stream (a page, a user) by a command that takes over a claim the owner
 * made but does not use (never written, or a move or address change that was left half done),
 * at the owner's revision as the taker read it. If the owner writes at the same moment, exactly
 * one of the two appends wins, so a claim can never end up with two owners. From then on the
 * owner cannot come to use that claim (it names the claim event, by stream and revision): a
 * create fails, a move or address change is refused as taken (V_06).
 */
export interface ClaimFenced {
  type: 'ClaimFenced';
  data: { claimStream: string; claimRevision: number; takenBy: string };
}

/** How an owner's state remembers a fence: the claim event it names. */
export const claimKey = (claimStream: string, claimRevision: number) => `${claimStream}@${claimRevision}`;

/**
 * Where each of a brand's anchors broadcasts (docs/ANCHOR-ROOM.md, "Anchors and rooms"):
 * the anchor ids are lobby's gift recipients (anchor/gifts.ts, `anchorsOf`), the rooms are
 * the video host's. A brand lists only its anchors' rooms. These are the sandbox host's
 * rooms until a back office edits the roster.
 */
const ANCHOR_ROOMS: ReadonlyMap<number, readonly { anchorId: number; roomId: string }[]> = new Map([
  [4, [{ anchorId: 101, roomId: 'pitch-1' }, { anchorId: 102, roomId: 'court-1' }, { anchorId: 103, roomId: 'arena-1' }]],
  [8, [{ anchorId: 201, roomId: 'pitch-2' }, { anchorId: 202, roomId: 'arena-2' }]],
]);

/** @example anchorRoomsOf(4)[0] // { anchorId: 101, roomId: 'pitch-1' } */
export function anchorRoomsOf(siteId: number): readonly { anchorId: number; roomId: string }[] {
  return ANCHOR_ROOMS.get(siteId) ?? [];
}

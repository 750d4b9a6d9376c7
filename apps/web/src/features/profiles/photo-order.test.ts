import { describe, expect, it } from 'vitest';
import { applyOrder, movePhoto, moveRoom, photoRoom } from './photo-order.ts';

describe('photo order moves', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves a photo one place left or right', () => {
    expect(movePhoto(ids, 1, -1)).toEqual(['b', 'a', 'c', 'd']);
    expect(movePhoto(ids, 1, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(movePhoto(ids, 2, 1)).toEqual(['a', 'b', 'd', 'c']);
  });
  it('leaves the order alone at the ends and for unknown places', () => {
    expect(movePhoto(ids, 0, -1)).toEqual(ids);
    expect(movePhoto(ids, 3, 1)).toEqual(ids);
    expect(movePhoto(ids, 7, -1)).toEqual(ids);
    expect(movePhoto([], 0, 1)).toEqual([]);
  });
  it('keeps the main photo first', () => {
    expect(movePhoto(ids, 1, -1, 1)).toEqual(ids);
    expect(movePhoto(ids, 0, 1, 1)).toEqual(ids);
    expect(movePhoto(ids, 2, -1, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveRoom(0, 4, 1)).toEqual({ left: false, right: false });
    expect(moveRoom(1, 4, 1)).toEqual({ left: false, right: true });
    expect(moveRoom(3, 4, 1)).toEqual({ left: true, right: false });
    expect(moveRoom(0, 4, 0)).toEqual({ left: false, right: true });
  });
  it('does not change the list it was given', () => {
    const copy = [...ids];
    movePhoto(copy, 0, 1);
    expect(copy).toEqual(ids);
  });
  it('puts photos in a new order and renumbers their positions', () => {
    const photos = ids.map((id, position) => ({ id, position }));
    expect(applyOrder(photos, ['c', 'a', 'b', 'd'])).toEqual([
      { id: 'c', position: 0 },
      { id: 'a', position: 1 },
      { id: 'b', position: 2 },
      { id: 'd', position: 3 },
    ]);
    expect(applyOrder(photos, ['d']).map((p) => p.id)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('counts the room left under the limit', () => {
    expect(photoRoom(2, 3)).toEqual({ left: 1, full: false });
    expect(photoRoom(3, 3)).toEqual({ left: 0, full: true });
    expect(photoRoom(5, 3)).toEqual({ left: 0, full: true });
  });
});

import { shiftToShow } from './visible';

describe('shiftToShow: a label on the map kept in sight', () => {
  const map = { w: 360, h: 400 };
  const zoom = { x: 320, y: 10, w: 30, h: 60 }; // the zoom buttons, top right
  it('a label clear of the controls and inside the map stays', () => {
    expect(shiftToShow({ x: 100, y: 200, w: 80, h: 24 }, map, [zoom])).toEqual([0, 0]);
  });
  it('"You are here" under the zoom buttons and past the edge: inside, then beside the buttons (the shorter way)', () => {
    // 18 px in from the edge, then 40 px more to clear the buttons (moving below them would be 58 px)
    expect(shiftToShow({ x: 290, y: 20, w: 80, h: 24 }, map, [zoom])).toEqual([-58, 0]);
  });
  it('under the buttons near their bottom: moved below them, clear of them', () => {
    const label = { x: 250, y: 60, w: 100, h: 24 };
    const [dx, dy] = shiftToShow(label, map, [zoom]);
    expect([dx, dy]).toEqual([0, 18]);
    expect(label.y + dy).toBeGreaterThanOrEqual(zoom.y + zoom.h);
  });
  it('out of the map: brought inside its edges', () => {
    expect(shiftToShow({ x: -20, y: 390, w: 80, h: 24 }, map, [])).toEqual([28, -22]);
  });
});

import { appPath, matchPath } from './paths';

describe('appPath', () => {
  it('strips the /app base path', () => {
    expect(appPath('/app')).toBe('/');
    expect(appPath('/app/')).toBe('/');
    expect(appPath('/app/airport-static-screens/x/T1')).toBe('/airport-static-screens/x/T1');
    expect(appPath('/application')).toBeNull();
    expect(appPath('/')).toBeNull();
  });
});

describe('matchPath', () => {
  const board = '/airport-static-screens/:board/:terminalId';
  it('answers the decoded parameters', () => {
    expect(matchPath(board, '/airport-static-screens/airport-express-bus-time/T1')).toEqual({ board: 'airport-express-bus-time', terminalId: 'T1' });
    expect(matchPath(board, '/airport-static-screens/a%20b/T1/')).toEqual({ board: 'a b', terminalId: 'T1' });
    expect(matchPath('/', '/')).toEqual({});
  });
  it('answers null when segments differ or a segment is malformed', () => {
    expect(matchPath(board, '/airport-static-screens/x')).toBeNull();
    expect(matchPath(board, '/other/x/T1')).toBeNull();
    expect(matchPath(board, '/airport-static-screens/%E0%A4%A/T1')).toBeNull();
  });
});

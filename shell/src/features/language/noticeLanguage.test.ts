import { NOTICE_LANGUAGE_KEY, syncNoticeLanguage } from './noticeLanguage';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('the notice language follows the app language', () => {
  it('sends a new language once per rider, again after a change or for another rider', async () => {
    const put = jest.fn().mockResolvedValue(undefined);
    const s = memory();
    expect(await syncNoticeLanguage('u1', 'hi', put, s)).toBe(true);
    expect(put).toHaveBeenLastCalledWith('/notices/language', { language: 'hi' });
    expect(await syncNoticeLanguage('u1', 'hi', put, s)).toBe(false);
    expect(await syncNoticeLanguage('u1', 'ml', put, s)).toBe(true);
    expect(await syncNoticeLanguage('u2', 'ml', put, s)).toBe(true);
    expect(put).toHaveBeenCalledTimes(3);
    expect(s.getItem(NOTICE_LANGUAGE_KEY)).toBe('u2|ml');
  });
  it('a failed send is not remembered (sent again next time); a language without texts is not sent', async () => {
    const s = memory();
    const failing = jest.fn().mockRejectedValue(new Error('offline'));
    await expect(syncNoticeLanguage('u1', 'ta', failing, s)).rejects.toThrow('offline');
    expect(s.getItem(NOTICE_LANGUAGE_KEY)).toBeNull();
    const put = jest.fn().mockResolvedValue(undefined);
    expect(await syncNoticeLanguage('u1', 'fr', put, s)).toBe(false);
    expect(put).not.toHaveBeenCalled();
  });
});

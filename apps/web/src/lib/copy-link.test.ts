import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyLink } from './copy-link.ts';

/** Just enough of the DOM for the fallback: elements that record focus, style and removal. */
class FakeElement {
  value = '';
  readOnly = false;
  tabIndex = 0;
  style: Record<string, string> = {};
  attrs: Record<string, string> = {};
  removed = false;
  selected = false;
  setAttribute(k: string, v: string) {
    this.attrs[k] = v;
  }
  select() {
    this.selected = true;
  }
  setSelectionRange() {}
  remove() {
    this.removed = true;
  }
  focus() {
    fake.document.activeElement = this;
  }
}

const fake = {
  document: {
    activeElement: null as FakeElement | null,
    body: { append: (el: FakeElement) => fake.areas.push(el) },
    createElement: () => new FakeElement(),
    execCommand: vi.fn((_cmd: string) => true),
  },
  areas: [] as FakeElement[],
};

function withoutClipboard() {
  fake.areas = [];
  fake.document.execCommand.mockClear();
  vi.stubGlobal('HTMLElement', FakeElement);
  vi.stubGlobal('location', { origin: 'https://app.example.test' });
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('document', fake.document);
  const button = new FakeElement();
  button.focus();
  return button;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

{
  describe('copyLink', () => {
    it('uses the async clipboard when there is one, and rejects with it', async () => {
      const writeText = vi.fn(async (_text: string) => {});
      vi.stubGlobal('location', { origin: 'https://app.example.test' });
      vi.stubGlobal('navigator', { clipboard: { writeText } });
      await copyLink('/catalog/3/7');
      expect(writeText).toHaveBeenCalledWith('https://app.example.test/catalog/3/7');
      writeText.mockRejectedValueOnce(new Error('denied'));
      await expect(copyLink('/catalog/3/7')).rejects.toThrow('denied');
    });

    it('falls back to a read-only textarea off screen, removes it and gives the focus back', async () => {
      const button = withoutClipboard();
      await copyLink('/freeform/4');
      const [area] = fake.areas;
      expect(area?.value).toBe('https://app.example.test/freeform/4');
      expect(area?.readOnly).toBe(true);
      expect(area?.selected).toBe(true);
      expect(area?.style).toMatchObject({ position: 'fixed', left: '-9999px' });
      expect(area?.removed).toBe(true);
      expect(fake.document.execCommand).toHaveBeenCalledWith('copy');
      expect(fake.document.activeElement).toBe(button);
    });

    it('rejects when execCommand copied nothing, and still cleans up', async () => {
      const button = withoutClipboard();
      fake.document.execCommand.mockReturnValueOnce(false);
      await expect(copyLink('/freeform/4')).rejects.toThrow();
      expect(fake.areas[0]?.removed).toBe(true);
      expect(fake.document.activeElement).toBe(button);
    });
  });
}

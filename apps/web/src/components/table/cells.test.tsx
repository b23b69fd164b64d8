import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { themeConfig } from '../../app/theme';
import { LightTag } from '../LightTag';
import { EditButton, RowMenu } from '../list/columns';
import { over, tagVariables, ThemeVariables } from '../ThemeVariables';

const vars = (list: string[]) => Object.fromEntries(list.map((v) => v.split(/:(.*)/s).slice(0, 2)));

describe('light cells', () => {
  it("writes antd Tag's own colours for each theme, with the app's Tag overrides", () => {
    for (const mode of ['light', 'dark'] as const) {
      const config = themeConfig(mode);
      const token = theme.getDesignToken(config) as unknown as Record<string, unknown>;
      const got = vars(tagVariables({ ...token, ...(config.components?.Tag as Record<string, unknown>) }));
      expect(got['--lg-tag-success-bg']).toBe(token.colorSuccessBg);
      expect(got['--lg-tag-blue-bg']).toBe(token.blue1);
      expect(got['--lg-tag-blue-border']).toBe(token.blue3);
      expect(got['--lg-tag-error-fg']).toBe(mode === 'light' ? '#cf1322' : token.colorError);
      // the app's overrides of the Tag's 7th shades (readable text on the pale fills, app/theme.ts)
      expect(got['--lg-tag-green-fg']).toBe(mode === 'light' ? '#237804' : token.green7);
      expect(got['--lg-tag-purple-fg']).toBe(mode === 'dark' ? '#d3adf7' : token.purple7);
    }
  });

  it("lays the default tag's translucent fill over the container, as antd does", () => {
    // measured on antd's own Tag in Chromium: rgb(245, 245, 245) on white
    expect(over('rgba(0, 0, 0, 0.04)', '#ffffff')).toBe('rgb(245, 245, 245)');
    expect(over('rgba(255, 255, 255, 0.12)', '#14171f')).toBe('rgb(48, 51, 58)');
    expect(over('#123456', '#ffffff')).toBe('rgb(18, 52, 86)');
    expect(over('not a colour', '#ffffff')).toBe('not a colour');
  });

  it('puts the variables on the document once, and a tag takes its colour class', () => {
    render(
      <ConfigProvider theme={themeConfig('light')}>
        <ThemeVariables components={themeConfig('light').components} />
        <LightTag color="success">Sent</LightTag>
        <LightTag color="#ff0000" style={{ maxWidth: 40 }}>
          Custom
        </LightTag>
      </ConfigProvider>,
    );
    expect(document.getElementById('lg-theme-variables')?.textContent).toContain('--lg-tag-success-bg:');
    expect(screen.getByText('Sent').className).toBe('lg-tag lg-tag-success lg-tag-filled');
    // an unknown colour falls back to the default; a max width cuts the text
    expect(screen.getByText('Custom').className).toBe('lg-tag lg-tag-default lg-tag-filled is-cut');
  });

  it("mounts a row's menu on the first click, opens it at once and keeps the focus on the button", async () => {
    const onClick = vi.fn();
    render(<RowMenu label="More" name="#7" testId="row-menu" menu={{ items: [{ key: 'trash', label: 'Trash' }], onClick }} />);
    expect(screen.queryByText('Trash')).toBeNull();
    fireEvent.click(screen.getByTestId('row-menu'));
    fireEvent.click(await screen.findByText('Trash'));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'trash' }));
    expect(document.activeElement).toBe(screen.getByTestId('row-menu'));
    expect(screen.getByTestId('row-menu').getAttribute('aria-label')).toBe('More: #7');
  });

  it("shows the pencil's tooltip when the pointer first comes", async () => {
    const onClick = vi.fn();
    render(<EditButton label="Edit" name="Offer A" onClick={onClick} testId="pencil" />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId('pencil'));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Edit'));
    fireEvent.click(screen.getByTestId('pencil'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

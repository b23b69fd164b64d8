/** A URL with its `{macros}` marked (landers, landing API pages), and the monospace style of URLs and macros. */
import { Tooltip, Typography, theme } from 'antd';

export const mono = { fontFamily: 'var(--ant-font-family-code)', fontSize: 12 } as const;

/** A URL with its `{macros}` marked. */
export function UrlWithMacros({ url, maxWidth = 300 }: { url: string; maxWidth?: number }) {
  const { token } = theme.useToken();
  const parts = url.split(/(\{[^{}]*\})/g).filter(Boolean);
  return (
    <Tooltip title={<span style={{ wordBreak: 'break-all' }}>{url}</span>} mouseEnterDelay={0.4}>
      <Typography.Text
        style={{ ...mono, display: 'block', maxWidth, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid="url-with-macros"
      >
        {parts.map((p, i) =>
          /^\{[^{}]*\}$/.test(p) ? (
            <span key={i} style={{ color: token.colorPrimary, fontWeight: 600 }}>
              {p}
            </span>
          ) : (
            <span key={i}>{p}</span>
          ),
        )}
      </Typography.Text>
    </Tooltip>
  );
}

/** The error pages of product §2: 404, 500 (and its API-not-found variant), the generic error and its fallback. */
import { ArrowLeftOutlined, HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { defaultPagePath } from '@leadgrid/shared/access/permissions';
import { Component, useContext, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NotFoundIllustration, ServerErrorIllustration } from '../../components/illustrations';
import { useDocumentTitle } from '../../components/useDocumentTitle';
// plain elements and the auth kit's button: the router shows these pages from the entry, which loads no antd (docs/decisions/web.md)
import { Button } from '../../features/access/auth/kit';
import { SessionContext } from '../session';

function useHomePath(): string {
  const session = useContext(SessionContext);
  return session?.access ? defaultPagePath(session.access) : '/';
}

function ErrorFrame({ image, title, text, actions }: { image: ReactNode; title: ReactNode; text?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="lg-error-frame">
      {image}
      <h2 className="lg-error-title">{title}</h2>
      {text ? <p className="lg-auth-muted lg-error-text">{text}</p> : null}
      {actions ? <div className="lg-error-actions">{actions}</div> : null}
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useHomePath();
  useDocumentTitle(t('errors.notFound.pageTitle'));
  return (
    <ErrorFrame
      image={<NotFoundIllustration />}
      title={t('errors.notFound.title')}
      text={t('errors.notFound.text')}
      actions={
        <Button variant="primary" icon={<HomeOutlined />} onClick={() => navigate(home)}>
          {t('errors.home')}
        </Button>
      }
    />
  );
}

export function ServerErrorPage({ status = 500, apiNotFound = false }: { status?: number; apiNotFound?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.server.pageTitle', { status }));
  return (
    <ErrorFrame
      image={<ServerErrorIllustration />}
      title={apiNotFound ? t('errors.server.title') : t('errors.server.titleWithStatus', { status })}
      text={apiNotFound ? t('errors.apiNotFound.text') : t('errors.server.text')}
      actions={
        <>
          <Button icon={<ArrowLeftOutlined />} onClick={() => window.history.back()}>
            {t('errors.goBack')}
          </Button>
          <Button variant="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            {t('errors.tryAgain')}
          </Button>
        </>
      }
    />
  );
}

/** Product §2: any other error shows the plain text 'An error occurred'. */
export function GenericErrorPage({ status }: { status?: number }) {
  const { t } = useTranslation();
  const home = useHomePath();
  useDocumentTitle(t('errors.generic'));
  return (
    <ErrorFrame
      image={null}
      title={t('errors.generic')}
      text={status ? t('errors.statusCode', { status }) : undefined}
      actions={<a href={home}>{t('errors.home')}</a>}
    />
  );
}

/** Shown when an error page itself fails: no i18n, no antd, nothing that could fail again. */
export function ErrorPageFailure() {
  return (
    <div style={{ padding: 48, textAlign: 'center', fontSize: 16 }}>
      <p>An error occurred while showing the error page</p>
      <p style={{ marginTop: 12 }}>
        <a href="/">Home</a>
      </p>
    </div>
  );
}

export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('the error page failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorPageFailure /> : this.props.children;
  }
}

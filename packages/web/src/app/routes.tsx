import { Navigate, type RouteObject } from 'react-router';
import { RequireSession } from '../auth/require-session';
import { PageLoader } from '../ui/page-loader';
import { AppLayout } from './app-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

/**
 * The app's routes. Every page is its own chunk, loaded when first visited, so the first page
 * load carries only the shell and the page it opens.
 */
export const appRoutes: RouteObject[] = [
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/sign-in',
        lazy: async () => ({ Component: (await import('../pages/sign-in-page')).SignInPage }),
      },
      {
        Component: RequireSession,
        children: [
          {
            Component: AppLayout,
            children: [
              { index: true, element: <Navigate to="/skills" replace /> },
              {
                path: '/skills',
                lazy: async () => ({ Component: (await import('../pages/skills-page')).SkillsPage }),
              },
              {
                path: '/skills/:id',
                lazy: async () => ({
                  Component: (await import('../pages/skill-detail-page')).SharedSkillDetailPage,
                }),
              },
              {
                path: '/my-skills/:id',
                lazy: async () => ({
                  Component: (await import('../pages/skill-detail-page')).PersonalSkillDetailPage,
                }),
              },
              {
                path: '/agents',
                lazy: async () => ({ Component: (await import('../pages/agents-page')).AgentsPage }),
              },
              {
                path: '/agents/:id',
                lazy: async () => ({
                  Component: (await import('../pages/agent-detail-page')).AgentDetailPage,
                }),
              },
              {
                path: '/agents/:agentId/chat/:conversationId?',
                lazy: async () => ({ Component: (await import('../pages/chat-page')).ChatPage }),
              },
              { path: '/admin', element: <Navigate to="/admin/users" replace /> },
              {
                path: '/admin/:section',
                lazy: async () => ({ Component: (await import('../pages/admin/admin-page')).AdminPage }),
              },
              {
                path: '/setup',
                lazy: async () => ({ Component: (await import('../pages/setup-page')).SetupPage }),
              },
              {
                path: '/account/password',
                lazy: async () => ({
                  Component: (await import('../pages/change-password-page')).ChangePasswordPage,
                }),
              },
              {
                path: '/account/tokens',
                lazy: async () => ({ Component: (await import('../pages/api-tokens-page')).ApiTokensPage }),
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

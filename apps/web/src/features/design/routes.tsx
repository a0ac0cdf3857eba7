import { Route, Routes } from 'react-router';
import { lazyNamed } from '../../components/lazy-named';
import { DesignKindsProvider, kindRoutes } from './kinds';
import { OverviewPage } from './overview/OverviewPage';
import { UnknownWorkspacePage } from './shell/UnknownWorkspacePage';
import { WorkspaceShell } from './shell/WorkspaceShell';

// The Problems panel and the story graph (with its graph library) load on first use.
const ProblemsPage = lazyNamed(() => import('./problems/ProblemsPage'), 'ProblemsPage');
const StoryPage = lazyNamed(() => import('./story/StoryPage'), 'StoryPage');
const TranslationsPage = lazyNamed(() => import('./translations/TranslationsPage'), 'TranslationsPage');

/**
 * The design workspace's routes under /games/:gameId (spec 2 §2): the
 * objecttype/objectaction/objectid(/modifier1) paths of every editor, made
 * from the kinds registry, inside the shell. Anything else shows the fallback text.
 */
export function DesignWorkspace() {
  return (
    <DesignKindsProvider>
      <Routes>
        <Route element={<WorkspaceShell />}>
          <Route index element={<OverviewPage />} />
          <Route path="problems" element={<ProblemsPage />} />
          <Route path="story" element={<StoryPage />} />
          <Route path="translations" element={<TranslationsPage />} />
          {kindRoutes().map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<UnknownWorkspacePage />} />
        </Route>
      </Routes>
    </DesignKindsProvider>
  );
}

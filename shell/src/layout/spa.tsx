// The shell's layout application (React, lazily loaded; never in kiosk mode): header plus the shell's own screens.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { setDeployedRemotes } from '@sawari/runtime';
import { Layout, type LayoutProps } from './Layout';

const lifecycles = singleSpaReact<LayoutProps>({
  React,
  ReactDOMClient,
  rootComponent: Layout,
  errorBoundary: () => <p role="alert">Something went wrong. Reload the page to try again.</p>,
});

// What the deployed remotes contribute (Home tiles, checkout kinds, session hooks) is known before the first screen.
const publishRemotes = async (props: LayoutProps) => setDeployedRemotes(props.remotes);

export const { bootstrap, unmount } = lifecycles;
export const mount = [publishRemotes, lifecycles.mount];

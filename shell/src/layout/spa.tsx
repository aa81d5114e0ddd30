// The shell's layout application (React, lazily loaded; never in kiosk mode): header plus the shell's own screens.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Layout, type LayoutProps } from './Layout';

const lifecycles = singleSpaReact<LayoutProps>({
  React,
  ReactDOMClient,
  rootComponent: Layout,
  errorBoundary: () => <p role="alert">Something went wrong. Reload the page to try again.</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;

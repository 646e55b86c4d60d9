import { createContext, useContext } from 'react';

/**
 * True while the server renders a public page that the public pages' scripts enhance (decision 075, entry-server.tsx):
 * a screen then also renders, inert in a `<template>`, the markup those scripts show later (a deleted post's notice),
 * so that markup still comes from React. The app in the browser never sets it.
 */
export const PublicScriptsContext = createContext(false);

export const useRenderedForPublicScripts = (): boolean => useContext(PublicScriptsContext);

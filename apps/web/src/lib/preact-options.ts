import { options, type VNode } from 'preact';
import { joinTextChildren } from './text-children';

// Preact's plugin hooks (https://preactjs.com/guide/v10/options), installed once, before anything
// renders: main.tsx, entry-server.tsx and the web tests import this module first.

// Every element joins its neighbouring text children, so the server and the browser make the
// same text nodes and hydrating a page changes none of them (lib/text-children.ts).
const previousVNode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string') {
    const props = vnode.props as { children?: unknown };
    if ('children' in props) {
      const children = joinTextChildren(props.children);
      if (children !== props.children) props.children = children;
    }
  }
  previousVNode?.(vnode);
};

// Effects (useEffect) run in a task right after the render's, as React's do, not after the next
// animation frame. Preact asked for a frame each time a render had effects: during a page's
// hydration, in steps, that was a frame per step, drawn although nothing on screen had changed,
// and the effects waited for it.
if (typeof window !== 'undefined' && typeof MessageChannel === 'function') {
  const channel = new MessageChannel();
  let pending: (() => void)[] = [];
  channel.port1.onmessage = () => {
    const callbacks = pending;
    pending = [];
    for (const callback of callbacks) callback();
  };
  // Under Node (the web tests' happy-dom) an open port would keep the process alive.
  (channel.port1 as { unref?: () => void }).unref?.();
  options.requestAnimationFrame = (callback: () => void) => {
    if (pending.push(callback) === 1) channel.port2.postMessage(null);
  };
}

import { registerRoot } from 'remotion';
import { RemotionRoot } from './root.tsx';

registerRoot(RemotionRoot);

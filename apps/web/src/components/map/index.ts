export { PlaygroundMap, type PlaygroundMapProps } from './PlaygroundMap';

export * from './otlp-receiver.ts';

/** The rendered sets the deploy tests start from, and small ways to break them. */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { App } from './apps';
import { configMapNamed, named } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';
import { render } from './render';

/** The base runs no simulator (production talks to Meta); overlays/dev adds it. */
export const BASE_APPS: App[] = [
  'gateway',
  'directory',
  'inbox',
  'templates',
  'campaigns',
  'campaigns-worker',
  'analytics',
];
export const DEV_APPS: App[] = [...BASE_APPS, 'whatsapp-sim'];

export const base = () => render('base');
export const dev = () => render('overlays/dev');
export const production = () => render('overlays/production');

export const deployment = (objects: K8sObject[], name: string) =>
  named<IDeployment>(objects, 'Deployment', name)!;
export const containerOf = (objects: K8sObject[], name: string): IContainer =>
  deployment(objects, name).spec!.template.spec!.containers[0];
export const config = (objects: K8sObject[]) => configMapNamed(objects, 'inbox-config') as IConfigMap;
/** The generated name of the ConfigMap inbox-config (with its hash). */
export const configName = (objects: K8sObject[]) => config(objects).metadata!.name!;

export const withoutEnv = (c: IContainer, name: string) => (c.env = c.env!.filter((e) => e.name !== name));
export const envEntry = (c: IContainer, name: string) => c.env!.find((e) => e.name === name)!;
export const without = (objects: K8sObject[], kind: string, name: string) =>
  objects.filter((o) => !(o.kind === kind && o.metadata?.name === name));

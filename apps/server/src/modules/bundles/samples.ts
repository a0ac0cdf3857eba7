import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_EXTENSION, type SampleGame } from '@loci/domain';
import { fail } from '../../lib/errors.js';
import { readBundle } from './format.js';

/** The repository's samples/ folder: five levels above this module, from src/ and from dist/ alike. */
export const SAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../samples');

const SAMPLE_NAME = /^[a-z0-9-]{1,80}$/;

/** The sample games shipped with Loci (samples/*.loci.zip), read from their manifests. */
export async function listSamples(): Promise<SampleGame[]> {
  let names: string[];
  try {
    names = (await readdir(SAMPLES_DIR)).filter((name) => name.endsWith(BUNDLE_EXTENSION)).sort();
  } catch {
    return [];
  }
  const samples: SampleGame[] = [];
  for (const file of names) {
    const { manifest, game } = readBundle(await readFile(path.join(SAMPLES_DIR, file)));
    const kinds = new Set(game.entities.map((entity) => entity.kind));
    samples.push({
      name: file.slice(0, -BUNDLE_EXTENSION.length),
      title: manifest.title,
      language: manifest.language,
      description: game.settings.description,
      place: game.settings.pg.place,
      entities: game.entities.length,
      kinds: [...kinds].sort(),
    });
  }
  return samples;
}

/** The bytes of one sample's bundle; 404 for a name that is not a sample. */
export async function readSample(name: string): Promise<Uint8Array> {
  if (!SAMPLE_NAME.test(name)) throw fail.notFound('No such sample game');
  try {
    return await readFile(path.join(SAMPLES_DIR, `${name}${BUNDLE_EXTENSION}`));
  } catch {
    throw fail.notFound('No such sample game');
  }
}

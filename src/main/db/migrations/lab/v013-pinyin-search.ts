// lab.db v13. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import { addPinyinSearchV13 } from '../frozen/pinyin-search';

export const v013: Migration = {
  version: 13,
  description: 'pinyin search: the pinyin forms (full syllables and initials, without tones) of the Chinese in every searchable text of inventory items and orders, filled for the rows there are, and a trigram index over them',
  up(db) {
    addPinyinSearchV13(db);
  },
};

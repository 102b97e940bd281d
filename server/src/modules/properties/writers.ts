/**
 * The property writer: the plan's property limit, the iCal export link, the host's counters and
 * guests follow every property write; a property with bookings is archived instead of deleted.
 */
import { createProperty, deleteProperty, updateProperty } from './service';
import type { Writer } from '../../write/writer';

export const propertyWriter: Writer = {
  create: (tx, ctx, values) => {
    createProperty(tx, values, ctx);
  },
  update: (tx, ctx, before, changes) => {
    updateProperty(tx, before, changes, ctx);
  },
  remove: (tx, ctx, before) => deleteProperty(tx, before, ctx),
};

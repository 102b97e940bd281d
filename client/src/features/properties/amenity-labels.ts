/**
 * The words of the amenities the form offers (property-rules.ts COMMON_AMENITIES). The row keeps
 * the English value, whatever the host's language, so that every reader's screen can name it;
 * an amenity the host typed shows as written.
 */
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import type { COMMON_AMENITIES } from './property-rules';

export const AMENITY_LABEL: Record<(typeof COMMON_AMENITIES)[number], MessageId> = {
  'Wi-Fi': 'host.properties.amenity.wifi',
  'Air conditioning': 'host.properties.amenity.airConditioning',
  Heating: 'host.properties.amenity.heating',
  Kitchen: 'host.properties.amenity.kitchen',
  'Washing machine': 'host.properties.amenity.washingMachine',
  Dryer: 'host.properties.amenity.dryer',
  'Free parking': 'host.properties.amenity.freeParking',
  'Dedicated workspace': 'host.properties.amenity.workspace',
  TV: 'host.properties.amenity.tv',
  Pool: 'host.properties.amenity.pool',
  'Hot tub': 'host.properties.amenity.hotTub',
  Balcony: 'host.properties.amenity.balcony',
  Garden: 'host.properties.amenity.garden',
  Grill: 'host.properties.amenity.grill',
  'Pets allowed': 'host.properties.amenity.pets',
  Elevator: 'host.properties.amenity.elevator',
  Crib: 'host.properties.amenity.crib',
  'Hair dryer': 'host.properties.amenity.hairDryer',
  'Coffee maker': 'host.properties.amenity.coffeeMaker',
  'EV charger': 'host.properties.amenity.evCharger',
};

/** An amenity's name in the active language. */
export function useAmenityLabel(): (value: string) => string {
  const t = useT();
  return (value) => {
    const id = Object.hasOwn(AMENITY_LABEL, value) ? AMENITY_LABEL[value as keyof typeof AMENITY_LABEL] : undefined;
    return id ? t(id) : value;
  };
}

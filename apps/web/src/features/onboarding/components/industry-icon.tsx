import {
  IconBarbell,
  IconBasket,
  IconBriefcase,
  IconCamera,
  IconCar,
  IconConfetti,
  IconDental,
  IconDots,
  IconGasStation,
  IconHome,
  IconRazor,
  IconSchool,
  IconScissors,
  IconMassage,
  IconSpray,
  IconStethoscope,
  IconToolsKitchen2,
  type Icon,
} from '@tabler/icons-react';

/** The API names industry icons by their Tabler name. */
const ICONS: Record<string, Icon> = {
  scissors: IconScissors,
  razor: IconRazor,
  spa: IconMassage,
  stethoscope: IconStethoscope,
  dental: IconDental,
  home: IconHome,
  spray: IconSpray,
  car: IconCar,
  'tools-kitchen': IconToolsKitchen2,
  basket: IconBasket,
  'gas-station': IconGasStation,
  barbell: IconBarbell,
  school: IconSchool,
  camera: IconCamera,
  confetti: IconConfetti,
  dots: IconDots,
};

export function IndustryIcon({ name, size = 26 }: { name: string; size?: number }) {
  const Comp = ICONS[name] ?? IconBriefcase;
  return <Comp size={size} stroke={1.6} />;
}

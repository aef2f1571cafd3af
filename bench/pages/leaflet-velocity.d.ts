// leaflet-velocity ships no types: it is a plain script that adds L.velocityLayer to the global L.
declare module 'leaflet-velocity';

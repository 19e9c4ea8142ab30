import { CITIES, type City } from '@marketplace/shared';
import Form from 'react-bootstrap/Form';
import { useSelectedCity } from '../../hooks/use-selected-city';

/** Spec 1's city selector; remembered, and read by the pages that filter by city. */
export function CitySelect() {
  const [city, setCity] = useSelectedCity();
  return (
    <Form.Select
      size="sm"
      aria-label="City"
      value={city}
      onChange={(event) => setCity(event.target.value as City)}
      className="city-select"
    >
      {CITIES.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Form.Select>
  );
}

//! A small inline list with a fixed capacity: the state's zones are bounded (9 cards, 12 tokens,
//! 22 advisors, 14 events), so they live inside the state without heap allocations, which keeps
//! cloning and comparing states cheap. Serialised as a plain sequence.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

#[derive(Clone, Copy)]
pub(crate) struct List<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    pub fn new() -> Self {
        List {
            len: 0,
            items: [T::default(); N],
        }
    }

    pub fn push(&mut self, t: T) {
        assert!((self.len as usize) < N, "inline list full");
        self.items[self.len as usize] = t;
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let t = self.items[self.len as usize];
        self.items[self.len as usize] = T::default();
        Some(t)
    }

    pub fn remove(&mut self, i: usize) -> T {
        let len = self.len as usize;
        assert!(i < len);
        let t = self.items[i];
        self.items.copy_within(i + 1..len, i);
        self.items[len - 1] = T::default();
        self.len -= 1;
        t
    }

    pub fn clear(&mut self) {
        *self = Self::new();
    }

    #[cfg(test)]
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut out = Self::new();
        for t in self.iter() {
            if keep(t) {
                out.push(*t);
            }
        }
        *self = out;
    }

    pub fn from_slice(s: &[T]) -> Self {
        let mut l = Self::new();
        for &t in s {
            l.push(t);
        }
        l
    }
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for List<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for List<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for List<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.deref() == other.deref()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for List<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for List<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for t in iter {
            self.push(t);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for List<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = Self::new();
        l.extend(iter);
        l
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for List<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.deref().serialize(s)
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de> for List<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<T> = Vec::deserialize(d)?;
        if v.len() > N {
            return Err(D::Error::custom(format!(
                "at most {N} items, found {}",
                v.len()
            )));
        }
        Ok(Self::from_slice(&v))
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a List<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
